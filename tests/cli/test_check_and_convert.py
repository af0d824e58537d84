"""``ost check`` on every list format, ``ost convert``, and the batch report for organisers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import run_cli as run
from ost.core import listfile
from ost.store import CatalogueStore
from readers_support import reader_catalogue, sample, zipped


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "readers.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(reader_catalogue())
    return path


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    """A folder of lists as an organiser receives them."""
    folder = tmp_path / "tournoi"
    (folder / "joueurs").mkdir(parents=True)
    (folder / "ultramarines.ros").write_bytes(sample("ultramarines.ros"))
    (folder / "joueurs" / "orks.rosz").write_bytes(zipped({"liste.ros": sample("orks-waaagh.ros")}))
    (folder / "necrons.ros").write_bytes(sample("necrons-unknown.ros"))
    (folder / "collée.txt").write_bytes(sample("battlescribe-export.txt"))
    (folder / "appli.txt").write_bytes(sample("app-export.txt"))
    (folder / "cassé.rosz").write_bytes(b"PK\x03\x04 pas un zip")
    (folder / "lisez-moi.md").write_text("ignoré", encoding="utf-8")
    return folder


def test_check_reads_every_format_and_shows_reading_problems(
    capsys: pytest.CaptureFixture[str], db: Path, tournament: Path
) -> None:
    code, out, _ = run(capsys, "check", "--catalogue", str(db), str(tournament))
    assert code == 2  # one file is unreadable
    for name in ("ultramarines.ros", "orks.rosz", "necrons.ros", "collée.txt", "appli.txt"):
        assert name in out
    assert "cassé.rosz: illisible — " in out and "not a valid zip archive" in out
    assert "lisez-moi.md" not in out
    # Reading problems are part of the check output.
    assert "Lecture (roster BattleScribe (.ros)) : 2 unité(s) reconnue(s), 2 absente(s) du catalogue" in out
    assert "« Skorpekh Destroyers » : fiche absente du catalogue" in out
    assert "ligne 35 : « Company Champion [2 PL, 125pts]: Master-crafted power sword »" in out
    assert "ligne 5 : « Sautekh » lu comme la sous-faction de l'armée." in out
    assert "UNIT-UNKNOWN" in out


def test_check_json_has_the_reading(capsys: pytest.CaptureFixture[str], db: Path, tournament: Path) -> None:
    code, out, _ = run(capsys, "--lang", "en", "check", "--format", "json", "--catalogue", str(db), str(tournament))
    assert code == 2
    results = {Path(r["file"]).name: r for r in json.loads(out)["results"]}
    necrons = results["necrons.ros"]["reading"]
    assert necrons["format"] == "ros"
    assert [u["text"] for u in necrons["unknown"]] == ["Skorpekh Destroyers", "Canoptek Doomstalker"]
    assert {m["method"] for m in necrons["matched"]} == {"name", "bs-id"}
    pasted = results["collée.txt"]["reading"]
    assert pasted["layout"] == "battlescribe"
    assert {u["line"] for u in pasted["unknown"]} == {35, 55}
    assert "error" in results["cassé.rosz"]


def test_batch_report_html_and_json(capsys: pytest.CaptureFixture[str], db: Path, tournament: Path) -> None:
    (tournament / "piège & co.txt").write_text("+++ <script>alert(1)</script> +++\nBoyz (80 pts)\n", encoding="utf-8")
    html_path = tournament.parent / "rapport.html"
    code, _, err = run(capsys, "check", "--catalogue", str(db), "--report", str(html_path), str(tournament))
    assert code == 2 and "Rapport écrit" in err
    page = html_path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="fr">' in page
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "piège &amp; co.txt" in page
    assert "<link" not in page and "src=" not in page  # self-contained
    assert page.count("<tr class=") == 7
    assert "7 liste(s) : 1 réglementaire(s), 5 non réglementaire(s), 1 illisible(s)." in page
    assert "NON RÉGLEMENTAIRE" in page and "ILLISIBLE" in page and "UNIT-UNKNOWN" in page

    json_path = tournament.parent / "rapport.json"
    code, _, _ = run(
        capsys, "--lang", "en", "check", "--catalogue", str(db), "--report", str(json_path), str(tournament)
    )
    report = json.loads(json_path.read_text(encoding="utf-8"))
    assert report["format_version"] == 1 and report["kind"] == "ost-batch-report"
    assert report["summary"] == {"lists": 7, "legal": 1, "not_legal": 5, "unreadable": 1}
    rows = {Path(r["file"]).name: r for r in report["lists"]}
    necrons = rows["necrons.ros"]
    assert necrons["name"] == "Dynastie Szarekhane" and necrons["legal"] is False
    assert necrons["points"] == 640 and necrons["points_limit"] == 1000 and necrons["band"] == "1–1000"
    assert necrons["errors"] == 3 and necrons["reading_problems"] >= 2
    assert "UNIT-UNKNOWN" in necrons["codes"] and necrons["reading_format"] == "ros"
    assert rows["cassé.rosz"]["legal"] is None and "zip" in rows["cassé.rosz"]["error"]

    english = tournament.parent / "report.htm"
    run(capsys, "--lang", "en", "check", "--catalogue", str(db), "--report", str(english), str(tournament))
    page = english.read_text(encoding="utf-8")
    assert '<html lang="en">' in page and "NOT LEGAL" in page and "UNREADABLE" in page


def test_report_needs_a_known_ending(capsys: pytest.CaptureFixture[str], db: Path, tournament: Path) -> None:
    code, out, err = run(
        capsys, "check", "--catalogue", str(db), "--report", str(tournament / "r.pdf"), str(tournament)
    )
    assert code == 2 and ".html ou .json" in err and out == ""


def test_convert_roster_to_ost_and_back_through_text(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    source = tmp_path / "orks.rosz"
    source.write_bytes(zipped({"x.ros": sample("orks-waaagh.ros")}))
    target = tmp_path / "orks.ost"
    code, out, _ = run(capsys, "convert", "--catalogue", str(db), str(source), "-o", str(target))
    assert code == 0 and "4 unité(s), 2 détachement(s)" in out and "Lecture" in out
    army = listfile.load(target)
    assert [u.datasheet for _, u in army.units()] == ["ork-boss", "ork-boyz", "ork-boyz", "ork-trukk"]

    text = tmp_path / "orks.txt"
    code, _, _ = run(capsys, "convert", "--catalogue", str(db), str(target), "-o", str(text))
    assert code == 0 and text.read_text(encoding="utf-8").startswith("+++ Waaagh! d'Gorbag")
    again = tmp_path / "again.ost"
    code, _, _ = run(capsys, "convert", "--catalogue", str(db), str(text), "-o", str(again))
    back = listfile.load(again)
    assert [(u.datasheet, u.models, u.options, u.custom_name, u.warlord) for _, u in back.units()] == [
        (u.datasheet, u.models, u.options, u.custom_name, u.warlord) for _, u in army.units()
    ]
    # The converted list checks the same as the roster.
    _, out_roster, _ = run(capsys, "check", "--catalogue", str(db), str(source))
    _, out_ost, _ = run(capsys, "check", "--catalogue", str(db), str(again))
    assert out_roster.splitlines()[1] == out_ost.splitlines()[1]


def test_convert_errors(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ros"
    bad.write_bytes(b"<roster><")
    code, _, err = run(capsys, "convert", "--catalogue", str(db), str(bad), "-o", str(tmp_path / "x.ost"))
    assert code == 2 and "bad.ros: not well-formed XML" in err
    assert not (tmp_path / "x.ost").exists()
    code, _, err = run(capsys, "convert", "--catalogue", str(db), str(bad), "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and ".ost ou .txt" in err


def test_the_convert_command_goes_through_services(tmp_path: Path) -> None:
    """The output's format (by --to, by ending, - for the screen) and the conversion are services' questions."""
    from ost.services import convert_list, output_endings, output_format, output_formats

    assert sorted(output_formats()) == ["ost", "share", "text"]
    assert sorted(output_endings()) == [".ost", ".txt"]
    assert output_format("army.OST") == "ost" and output_format("army.txt") == "text" and output_format("-") == "ost"
    assert output_format("army.pdf") is None and output_format("army.pdf", "share") == "share"
    assert output_format("army.ost", "nothing") is None
    source = tmp_path / "orks.ros"
    source.write_bytes(sample("orks-waaagh.ros"))
    catalogue = reader_catalogue()
    converted = convert_list(source, catalogue, "text", "en")
    assert converted.read.reading.format == "ros" and converted.read.army.unit_count() == 4
    assert converted.data.decode("utf-8").startswith("+++ Waaagh! d'Gorbag")
    with pytest.raises(ValueError, match="pdf"):
        convert_list(source, catalogue, "pdf", "en")


# --- with the shipped catalogue (end to end) ------------------------------------------------


def test_pasted_list_against_the_shipped_catalogue(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pasted = tmp_path / "adversaire.txt"
    pasted.write_text(
        "++ Battalion Detachment (Xenos - Orks) ++\n"
        "+ HQ +\n"
        "Warboss [80pts]: Warlord\n"
        "+ Troops +\n"
        "Boyz [170pts]\n"
        ". 20x Ork Boy\n"
        "Grots de compagnie [40pts]\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "--db", str(tmp_path / "shipped.sqlite"), "check", str(pasted))
    assert code == 1
    assert "2 unité(s) reconnue(s), 1 absente(s) du catalogue" in out
    assert "ligne 7 : « Grots de compagnie [40pts] »" in out
    roster = tmp_path / "orks.ros"
    roster.write_bytes(sample("orks-waaagh.ros"))
    code, out, _ = run(capsys, "--db", str(tmp_path / "shipped.sqlite"), "check", str(roster))
    assert code == 1 and "4 unité(s) reconnue(s)" in out
